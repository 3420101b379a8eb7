// The visit beacon: a shop or product page counts its visitor once this runs (crawlers that run no script are not
// counted). The form holds the page's CSRF token and, on a product page, the goods' id.
(function () {
  var form = document.getElementById("visit");
  if (!form || !window.fetch) return;
  fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin", keepalive: true });
})();

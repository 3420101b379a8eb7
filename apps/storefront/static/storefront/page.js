// A shop or product page is the same for every visitor (a shared cache may keep it): this visitor's own bits come
// from the shop's session address (apps.storefront.views.session), which also counts the visit. The script gives
// the page's forms their CSRF token, shows the cart's count, "Account" to a signed-in buyer, "Following" to a
// follower, and the notes after a form.
(function () {
  var script = document.currentScript;
  if (!script || !window.fetch) return;
  fetch(script.dataset.session, { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then(function (answer) { return answer.ok ? answer.json() : null; })
    .then(function (bits) {
      if (!bits) return;
      document.querySelectorAll("form[method=post]").forEach(function (form) {
        var token = form.querySelector("input[name=csrfmiddlewaretoken]") || document.createElement("input");
        token.type = "hidden";
        token.name = "csrfmiddlewaretoken";
        token.value = bits.csrf;
        form.appendChild(token);
      });
      var count = document.getElementById("cart-count");
      if (count && bits.cart) {
        count.textContent = bits.cart;
        count.hidden = false;
      }
      var account = document.getElementById("account");
      if (account && bits.signed_in) account.textContent = account.dataset.signedIn;
      var follow = document.querySelector(".follow button");
      if (follow && bits.following) {
        follow.value = "unfollow";
        follow.className = "secondary";
        follow.textContent = follow.dataset.following;
      }
      var notes = document.getElementById("notes");
      if (notes && bits.notes.length) {
        bits.notes.forEach(function (note) {
          var item = document.createElement("li");
          item.className = note.level;
          item.textContent = note.text;
          notes.appendChild(item);
        });
        notes.hidden = false;
      }
      document.documentElement.dataset.session = "ready";
    });
})();

'use strict';
// Issue 35 (readable at 1280x800): the admin's navigation sidebar starts collapsed, so a list's columns have the
// page's width. Django's nav_sidebar.js (deferred, so it runs after this) reads the operator's choice from
// localStorage and opens the sidebar when there is none; here "none" becomes "closed". The toggle button at the
// page's left edge opens it, and that choice is remembered as before.
if (window.localStorage.getItem('django.admin.navSidebarIsOpen') === null) {
    window.localStorage.setItem('django.admin.navSidebarIsOpen', 'false');
}

// Marks the current page's link in the navigation.
for (const link of document.querySelectorAll('nav a')) {
  if (link.pathname === location.pathname) link.setAttribute('aria-current', 'page');
}

// The offline page's Retry (a file, not inline: the CSP allows no inline script). Reloading asks
// for the page the fan wanted again; still offline, the service worker shows this page again.
document.getElementById('retry')?.addEventListener('click', () => window.location.reload());

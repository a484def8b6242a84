/** Sends the browser to a platform's consent screen; it comes back to this screen's URL. */
export function openConsentScreen(url: string) {
  window.location.assign(url);
}

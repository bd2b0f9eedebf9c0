/** Leaving the app for a payment page; an object so tests can replace the navigation. */
export const browser = {
  go(url: string): void {
    window.location.href = url;
  },
  currentUrl(): string {
    return window.location.href;
  },
};

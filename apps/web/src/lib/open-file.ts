/** How long a file's object URL lives once handed to a tab or a download. */
const URL_LIFETIME_MS = 60_000;

function objectUrl(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  return url;
}

/** Saves a file the API served under its name. */
export function saveFile(blob: Blob, name: string) {
  const link = document.createElement('a');
  link.href = objectUrl(blob);
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Shows a file the API served (behind the sign-in, so no plain link) in a new tab: browsers show
 * PDFs and images themselves. The tab opens at the click, before the download, so pop-up
 * blockers let it through; when it cannot open, the file is saved instead.
 */
export async function openFile(load: () => Promise<Blob>, name: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await load();
    if (tab) tab.location.href = objectUrl(blob);
    else saveFile(blob, name);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

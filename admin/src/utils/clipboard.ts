/**
 * Copies text to the clipboard; false when the browser refused. Written here rather than taken from
 * `useClipboard` of `@strapi/strapi/admin`, which not every Strapi 5 release this plugin supports has.
 * The async Clipboard API needs a secure context; an admin served over plain http falls back to a
 * hidden text area and `execCommand('copy')`.
 */
export async function copyText(text: string): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused: try the fallback below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated but the only way without the Clipboard API; its result says whether it worked.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

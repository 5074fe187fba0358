/** A full reload, so start-up asks the server for the new registration status (end-user.md §4). */
export function reloadPage(): void {
  window.location.reload();
}

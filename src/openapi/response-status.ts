/** Response keys as OpenAPI writes them: a status (`404`) or a range of them (`4XX`). */

/** Whether a documented response status (`404`, `4XX`) covers an HTTP status. */
export function statusCovers(documented: string, status: number): boolean {
  if (/^\dXX$/i.test(documented)) return documented[0] === String(status)[0];
  return documented === String(status);
}

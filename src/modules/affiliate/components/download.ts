/** Saves text as a file from the browser (the CSV export; no server round trip). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM makes spreadsheet apps read the file as UTF-8 (campaign labels may be non-ASCII).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Writes the rows as CSV and saves them; the CSV library is fetched only now, on the click. */
export async function downloadCsv(
  filename: string,
  header: string[],
  rows: (string | number | null | undefined)[][],
): Promise<void> {
  const { toCsv } = await import('~/modules/csv/csv')
  downloadText(filename, toCsv(header, rows))
}

import { readSheet } from 'read-excel-file/node'

/**
 * A workbook's first sheet, each cell as the type it is stored with (text a string, a number a
 * number, an empty cell null): what Excel shows when the file is opened by a double-click.
 */
export async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  return (await readSheet(bytes)) as unknown[][]
}

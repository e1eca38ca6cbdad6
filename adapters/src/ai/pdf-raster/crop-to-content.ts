/**
 * The rendered page cut to what is printed on it: a chart placed on an
 * A4 page then fills the picture the chart reader gets, as an uploaded PNG would. A blank page, or
 * one sharp cannot trim, is returned as it is. sharp is loaded on the first call only.
 */
export async function cropToContent(png: Uint8Array): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  try {
    const trimmed = await sharp(png).trim({ threshold: 20 }).png().toBuffer();
    return new Uint8Array(trimmed);
  } catch {
    return png;
  }
}

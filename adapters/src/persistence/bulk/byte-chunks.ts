/**
 * Text written into buffers of about `size` bytes as it is produced, for the bulk paths' streams (the
 * exams export's CSV, the import's COPY data). Concatenating the rows into one long string and encoding
 * it at the end cost a third of the export: V8 flattens the long concatenation, then copies it again.
 */
export class ByteChunks {
  private out: Buffer;
  private at = 0;

  constructor(private readonly size: number, private readonly encoding: 'latin1' | 'utf8') {
    this.out = Buffer.allocUnsafe(size);
  }

  /** Appends `text`; when it does not fit in the current buffer, returns that buffer's bytes to send on first. */
  add(text: string): Buffer | undefined {
    // at most the bytes `text` can take: one per character in latin1, three per UTF-16 unit in UTF-8
    const most = this.encoding === 'utf8' ? 3 * text.length : text.length;
    let full: Buffer | undefined;
    if (this.at + most > this.out.length) {
      if (this.at) full = this.out.subarray(0, this.at);
      this.out = Buffer.allocUnsafe(Math.max(this.size, most));
      this.at = 0;
    }
    this.at += this.out.write(text, this.at, this.encoding);
    return full;
  }

  /** The bytes not sent yet (undefined when there are none); the next `add` starts a new buffer. */
  rest(): Buffer | undefined {
    if (!this.at) return undefined;
    const bytes = this.out.subarray(0, this.at);
    this.out = Buffer.allocUnsafe(this.size);
    this.at = 0;
    return bytes;
  }
}

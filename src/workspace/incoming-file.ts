/** A file offered to the workspace (a picked file, a dropped one, a zip entry): its bytes are read only if it passes the cheap checks. */
export interface IncomingFile {
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

/** A file offered to the workspace (a picked file, a dropped one, a zip entry): its bytes are read only if it passes the cheap checks. */
export interface IncomingFile {
  /** Ending with `/`: a folder the walk did not go into (.git, node_modules), for the report. */
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

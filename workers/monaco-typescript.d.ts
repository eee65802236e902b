// Types for the Monaco modules outside its public API that the TypeScript
// worker host (typescript.worker.ts) builds on: the package ships no
// declarations for them. Only what the host uses.
declare module 'monaco-editor/internal/common/initialize' {
  export function initialize(create: (ctx: unknown, createData: unknown) => unknown): void;
}

declare module 'monaco-editor/languages/features/typescript/lib/typescriptServices' {
  import type TS from 'typescript';
  export const typescript: typeof TS;
}

declare module 'monaco-editor/languages/features/typescript/tsWorker' {
  import type TS from 'typescript';
  export class TypeScriptWorker {
    constructor(ctx: unknown, createData: unknown);
    /** Files of the service besides the models: a text and a version each. */
    protected _extraLibs: Record<string, { content: string; version: number }>;
    getLanguageService(): TS.LanguageService;
    getScriptText(fileName: string): Promise<string | undefined>;
    /** The language service host's: a model's version, an extra lib's, or "" for no such file. */
    getScriptVersion(fileName: string): string;
    /** A model's text, a lib file's or an extra lib's (its snapshots, `readFile` and `fileExists` read through it). */
    protected _getScriptText(fileName: string): string | undefined;
  }
}

// Types for the few Monaco modules outside its public API that
// src/editor/suggestion-snapshots.ts reaches into (the package ships no
// declarations for them), and for what its test builds. Only what they use.
declare module 'monaco-editor/editor/contrib/inlineCompletions/browser/model/textModelValueReference' {
  import type { IPosition, IRange } from 'monaco-editor';
  interface VersionedModel {
    uri: { toString(): string };
    getVersionId(): number;
    getOffsetAt(position: IPosition): number;
    getPositionAt(offset: number): IPosition;
    getValueInRange(range: IRange): string;
  }
  export class TextModelValueReference {
    static snapshot(model: VersionedModel): TextModelValueReference;
    getTransformer(): {
      getOffset(position: IPosition): number;
      getPosition(offset: number): IPosition;
    };
    getVersionId(): number;
    getPositionAt(offset: number): IPosition;
    getValueInRange(range: IRange): string;
    dangerouslyGetUnderlyingModel(): VersionedModel;
  }
}

declare module 'monaco-editor/editor/contrib/inlineCompletions/browser/model/inlineSuggestionItem' {
  import type { TextModelValueReference } from 'monaco-editor/editor/contrib/inlineCompletions/browser/model/textModelValueReference';
  import type { IPosition, IRange } from 'monaco-editor';
  interface TextModelLike {
    getPositionAt(offset: number): IPosition;
    getValueInRange(range: IRange): string;
  }
  export class InlineCompletionItem {
    static create(data: unknown, snapshot: TextModelValueReference, action: unknown): InlineCompletionItem;
    originalTextRef: TextModelValueReference;
    withEdit(edit: unknown, textModel: TextModelLike): InlineCompletionItem | undefined;
  }
}

declare module 'monaco-editor/editor/common/core/text/getPositionOffsetTransformerFromTextModel' {
  import type { IPosition } from 'monaco-editor';
  export function getPositionOffsetTransformerFromTextModel(model: {
    getOffsetAt(position: IPosition): number;
    getPositionAt(offset: number): IPosition;
  }): { getOffset(position: IPosition): number; getPosition(offset: number): IPosition };
}

declare module 'monaco-editor/editor/common/model/textModel' {
  import type { IPosition } from 'monaco-editor';
  /** Monaco's piece tree, the text buffer under every text model. */
  export function createTextBuffer(
    value: string,
    defaultEOL: 1 | 2,
  ): {
    textBuffer: {
      getOffsetAt(lineNumber: number, column: number): number;
      getPositionAt(offset: number): IPosition;
      getLineCount(): number;
      getLineLength(lineNumber: number): number;
      getValueInRange(range: unknown, eol: number): string;
    };
  };
}

declare module 'monaco-editor/base/common/errors' {
  export const errorHandler: { unexpectedErrorHandler: (e: unknown) => void };
}

declare module 'monaco-editor/editor/common/core/edits/stringEdit' {
  export class StringReplacement {
    static insert(offset: number, text: string): StringReplacement;
  }
  export class StringEdit {
    constructor(replacements: StringReplacement[]);
  }
}

declare module 'monaco-editor/editor/common/core/range' {
  export class Range {
    constructor(startLineNumber: number, startColumn: number, endLineNumber: number, endColumn: number);
    readonly startLineNumber: number;
    readonly startColumn: number;
    readonly endLineNumber: number;
    readonly endColumn: number;
  }
}

declare module 'monaco-editor/base/common/errors' {
  /** Monaco's CancellationError, or an error named and messaged "Canceled" as Monaco makes them. */
  export function isCancellationError(error: unknown): boolean;
}

declare module 'monaco-editor/base/browser/performance' {
  /** The hooks Monaco's edit context and view call on each keystroke, to time it. */
  export const inputLatency: Record<
    'onKeyDown' | 'onBeforeInput' | 'onInput' | 'onKeyUp' | 'onSelectionChange' | 'onRenderStart',
    () => void
  >;
}

// Imports into the workspace (picker, file inputs, drops) and their report.
import { useCallback, useState } from 'react';
import { describeImport, prepareImport, type ImportReport, type IncomingFile } from '../../workspace/import';
import type { Workspace } from '../../workspace/workspace';

interface ImportReportLine {
  text: string;
  error: boolean;
}

export function useImport(workspace: Workspace, openFile: (path: string) => void) {
  const [report, setReport] = useState<ImportReportLine | null>(null);
  /** Resolves to what was imported; undefined when cancelled or failed (the report says why). */
  const runImport = useCallback(
    async (incoming: Promise<IncomingFile[] | undefined>): Promise<ImportReport | undefined> => {
      try {
        const list = await incoming;
        if (!list) return undefined;
        const r = await prepareImport(list, workspace, undefined, (done, total) =>
          setReport({ text: `Importing: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} files looked at…`, error: false }),
        );
        workspace.putMany(r.accepted, r.folders, { imported: true });
        setReport({ text: describeImport(r), error: r.skipped.length > 0 || r.legacyEncoded.length > 0 });
        if (r.accepted[0]) openFile(r.accepted[0][0]);
        return r;
      } catch (e) {
        setReport({
          text: `Import failed: ${(e as Error).message.replace(/\.$/, '')}. Nothing in the workspace was changed.`,
          error: true,
        });
        return undefined;
      }
    },
    [workspace, openFile],
  );
  const showFound = useCallback(
    (n: number) => setReport({ text: `Reading the folder: ${n.toLocaleString('en')} files found…`, error: false }),
    [],
  );
  return { report, dismissReport: () => setReport(null), runImport, showFound };
}

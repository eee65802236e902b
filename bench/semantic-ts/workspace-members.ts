// Which property names in a line are members of a type another file of this
// repository declares (an imported class or interface, or one reached
// through it): the "workspace member" mutants' targets. Asked of the
// compiler over the whole project (tsconfig.json, real module resolution),
// once, on the files as they are on disk: the ground truths are those texts.
import type ts from 'typescript';
import { join, relative } from 'node:path';

export interface WorkspaceMembers {
  /** Offsets (in the file's text) of the property names in [start, end) whose declarations all lie in other files of the repository. */
  at(file: string, start: number, end: number): number[];
}

export async function workspaceMembers(repo: string): Promise<WorkspaceMembers> {
  // Loaded here, not with the module: the bench times the types check's own first load of the compiler.
  const ts = (await import('typescript')).default;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repo, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const inRepo = (f: ts.SourceFile) => !f.isDeclarationFile && !relative(repo, f.fileName).startsWith('..');
  return {
    at(file, start, end) {
      const source = program.getSourceFile(join(repo, file));
      if (!source) return [];
      const out: number[] = [];
      const visit = (n: ts.Node) => {
        if (n.end <= start || n.getStart(source) >= end) return;
        if (ts.isPropertyAccessExpression(n) && n.name.getStart(source) >= start && n.name.end <= end) {
          const declarations = checker.getSymbolAtLocation(n.name)?.declarations ?? [];
          const files = declarations.map((d) => d.getSourceFile());
          if (files.length && files.every((f) => inRepo(f) && f !== source)) out.push(n.name.getStart(source));
        }
        ts.forEachChild(n, visit);
      };
      visit(source);
      return out;
    },
  };
}

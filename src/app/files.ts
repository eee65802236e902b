// The files in the editor, persisted on every change so a reload loses nothing.
import { languageFromFileName } from '../syntax/languages';

export interface WorkspaceFile {
  path: string;
  content: string;
}

export const FILES_KEY = 'router-ide.files';

export const SAMPLE_FILES: WorkspaceFile[] = [
  { path: 'main.py', content: 'def add(a, b):\n    return \n\n\nprint(add(2, 3))\n' },
  { path: 'Main.java', content: 'public class Main {\n  static int add(int a, int b) {\n    return ;\n  }\n\n  public static void main(String[] args) {\n    System.out.println(add(2, 3));\n  }\n}\n' },
  { path: 'main.cpp', content: '#include <iostream>\n\nint add(int a, int b) {\n  return ;\n}\n\nint main() {\n  std::cout << add(2, 3) << std::endl;\n}\n' },
];

export function loadFiles(): WorkspaceFile[] {
  try {
    const saved = JSON.parse(localStorage.getItem(FILES_KEY) ?? 'null') as WorkspaceFile[] | null;
    if (Array.isArray(saved) && saved.length) return saved;
  } catch {
    // unreadable storage: start from the samples rather than crash
  }
  return SAMPLE_FILES;
}

/** Returns an error message when the browser refused to store (quota), never throws. */
export function saveFiles(files: WorkspaceFile[]): string | undefined {
  try {
    localStorage.setItem(FILES_KEY, JSON.stringify(files));
    return undefined;
  } catch (e) {
    return `Could not save your files in the browser (${(e as Error).message}). Copy your work elsewhere before closing the tab.`;
  }
}

/** Monaco language id for a file; `plaintext` when unknown. */
export function monacoLanguageOf(path: string): string {
  const id = languageFromFileName(path);
  return id === 'tsx' ? 'typescript' : (id ?? 'plaintext');
}

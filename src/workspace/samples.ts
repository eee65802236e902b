// The first-run sample workspace (and the demo): small Python, Java and C++
// files, each with a `return ;` waiting for a completion.
import type { WorkspaceSnapshot } from './workspace';

export const SAMPLE_WORKSPACE: WorkspaceSnapshot = {
  files: [
    ['python/main.py', 'from geometry import area\n\n\ndef add(a, b):\n    return \n\n\nprint(add(2, 3), area(2.0))\n'],
    ['python/geometry.py', 'import math\n\n\ndef area(r):\n    """Area of a circle of radius r."""\n    return math.pi * r * r\n'],
    [
      'java/Main.java',
      'public class Main {\n  static int add(int a, int b) {\n    return ;\n  }\n\n  public static void main(String[] args) {\n    System.out.println(add(2, 3));\n  }\n}\n',
    ],
    [
      'cpp/main.cpp',
      '#include <iostream>\n\nint add(int a, int b) {\n  return ;\n}\n\nint main() {\n  std::cout << add(2, 3) << std::endl;\n}\n',
    ],
    [
      'README.md',
      '# Sample workspace\n\nPut the cursor after `return` and pause: the local model completes it.\nThe badge on the right says whether any code left this machine.\n',
    ],
  ],
  folders: ['python', 'java', 'cpp'],
};

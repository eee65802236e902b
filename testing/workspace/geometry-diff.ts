// A diff that is easy to apply twice by mistake, shared by the unit tests of
// the diff code and the review panel's end-to-end tests.

export const GEOMETRY = 'import math\n\n\ndef area(r):\n    return math.pi * r * r\n\n\ndef main():\n    print(area(2))\n';

// Two lines of context: once applied, the blank lines and `def main():` also
// follow the new function, so the first hunk's context matches again further
// down and a naive second application duplicates it.
export const ADD_CIRCUMFERENCE = `diff --git a/geometry.py b/geometry.py
--- a/geometry.py
+++ b/geometry.py
@@ -1,2 +1,3 @@
 import math
+import sys
 
@@ -6,3 +7,7 @@ def area(r):
 
 
+def circumference(r):
+    return 2 * math.pi * r
+
+
 def main():
`;

/** GEOMETRY once ADD_CIRCUMFERENCE is applied. */
export const GEOMETRY_APPLIED = GEOMETRY.replace('import math\n', 'import math\nimport sys\n').replace(
  'def main',
  'def circumference(r):\n    return 2 * math.pi * r\n\n\ndef main',
);

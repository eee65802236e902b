import javax.tools.*;
import com.sun.source.util.JavacTask;
import java.io.*;
import java.net.URI;
import java.util.*;

/** Reads file paths on stdin, one per line; prints "ok" or "error <message>" per file: javac's parser only. */
public class ParseCheck {
  public static void main(String[] args) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (String path; (path = in.readLine()) != null; ) {
      DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
      StandardJavaFileManager fm = javac.getStandardFileManager(diags, null, null);
      JavacTask task = (JavacTask) javac.getTask(null, fm, diags, List.of("-proc:none"), null, fm.getJavaFileObjects(path));
      task.parse();
      String err = null;
      for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) if (d.getKind() == Diagnostic.Kind.ERROR) { err = d.getMessage(null).replace('\n', ' '); break; }
      System.out.println(err == null ? "ok" : "error " + err);
      System.out.flush();
    }
  }
}

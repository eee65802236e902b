import { Parser, Language } from 'web-tree-sitter';
const base = '/work/main/node_modules/';
await Parser.init({ locateFile: (p) => base + 'web-tree-sitter/' + p });
const langs = {};
async function lang(g){ return langs[g] ??= await Language.load(base + '@vscode/tree-sitter-wasm/wasm/tree-sitter-' + g + '.wasm'); }
const p = new Parser();
function issues(t){ const out=[]; const walk=(n)=>{ if (n.isError||n.isMissing) out.push(`${n.isMissing?'MISSING '+n.type:'ERROR'} [${n.startIndex},${n.endIndex}] ${n.startPosition.row}:${n.startPosition.column}-${n.endPosition.row}:${n.endPosition.column} ${JSON.stringify(n.text.slice(0,40))}`); if (n.hasError) for (const c of n.children) walk(c); }; walk(t.rootNode); return out; }
const cases = JSON.parse(await (await import('node:fs/promises')).readFile(process.argv[2],'utf8'));
for (const [g, pre, comp, suf] of cases) {
  p.setLanguage(await lang(g));
  const b = p.parse(pre+suf), a = p.parse(pre+comp+suf);
  console.log(`== ${g} P=${pre.length} C=${comp.length} comp=${JSON.stringify(comp)}`);
  console.log(' before:', issues(b)); console.log(' after: ', issues(a));
  if (process.env.TREE) console.log(a.rootNode.toString());
  b.delete(); a.delete();
}

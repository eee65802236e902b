// The workbench: file tree | editor | side panel, both side panels collapsible
// and resizable (panel sizes: hooks/use-panels.ts); each panel's content is a
// slot of feature contributions (features.ts).
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useShell } from './shell';
import { Slot } from './Slot';

export function Workbench() {
  const { panels, sidePanel, search } = useShell();
  return (
    // One landmark around the panels: the separators between them must be inside one too (axe's region rule).
    <main className="workbench" aria-label="Workspace, editor and side panel">
      <Group
        className="workbench-panels"
        orientation="horizontal"
        onLayoutChanged={(_, meta) => panels.onLayoutChanged(meta.isUserInteraction)}
      >
        <Panel
          id="tree"
          panelRef={panels.refs.tree}
          collapsible
          minSize={160}
          maxSize="40%"
          groupResizeBehavior="preserve-pixel-size"
          defaultSize={panels.initial.tree.collapsed ? 0 : panels.initial.tree.px}
          onResize={panels.onResize.tree}
        >
          <nav className="sidebar" aria-label="Workspace" data-testid="file-tree-panel" inert={panels.collapsed.tree}>
            <Slot name="tree" />
          </nav>
        </Panel>
        <Separator className="separator" data-testid="tree-separator" aria-label="Resize the file tree" />
        <Panel id="editor-panel" minSize="40%" style={{ overflow: 'hidden' }}>
          <div className="editor-area" data-testid="editor-area">
            <Slot name="editor" />
          </div>
        </Panel>
        <Separator className="separator" data-testid="side-separator" aria-label="Resize the side panel" />
        <Panel
          id="side"
          panelRef={panels.refs.side}
          collapsible
          minSize={240}
          maxSize="50%"
          groupResizeBehavior="preserve-pixel-size"
          defaultSize={panels.initial.side.collapsed ? 0 : panels.initial.side.px}
          onResize={panels.onResize.side}
        >
          {/* Search opens the panel: never inert meanwhile, so its field takes focus before the panel reports its new size. */}
          <section
            className="side-panel"
            aria-label="Suggestion, ledger and stats"
            data-testid="side-panel"
            ref={sidePanel}
            tabIndex={-1}
            inert={panels.collapsed.side && search.request === 0}
          >
            <Slot name="side" />
          </section>
        </Panel>
      </Group>
    </main>
  );
}

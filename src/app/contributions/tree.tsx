// The file tree's sidebar: the tree, import and export, the disk folder, Git.
import { countRender } from '../../platform/test-seams';
import { DiskFolderStatus } from '../DiskFolderPanel';
import { FileTree } from '../FileTree';
import { GitPanel } from '../GitPanel';
import { Icon } from '../Icon';
import { canPickDirectory, fromDataTransfer } from '../importers';
import { useShell } from '../shell';

/** The file tree, counted on its own in test builds: a keystroke must not render it. */
export function FileTreeFeature() {
  countRender('FileTree');
  const { workspace, treeVersion, active, tabs, imports } = useShell();
  return (
    <FileTree
      workspace={workspace}
      version={treeVersion}
      active={active}
      onOpen={tabs.openFile}
      onDropFiles={(e) => void imports.runImport(fromDataTransfer(e.dataTransfer, imports.showFound))}
    />
  );
}

export function ImportExportFeature() {
  const { disk, fromInput, exportZip } = useShell();
  return (
    <div className="import-export" role="group" aria-label="Import and export">
      {canPickDirectory() ? (
        <button
          type="button"
          onClick={() => void disk.open()}
          data-testid="import-folder-fsa"
          title="Open a folder from disk read-write: edits, new, renamed and deleted files are written back to it"
        >
          <Icon name="folderOpened" /> Open folder…
        </button>
      ) : (
        <p className="note" data-testid="folder-unsupported">
          This browser cannot write to a folder on disk: Add folder imports copies, and Export zip saves your work.
        </p>
      )}
      <label className="file-button" title="Add files from disk">
        <Icon name="newFile" /> Add files
        <input
          type="file"
          multiple
          onChange={(e) => {
            fromInput(e.target.files);
            e.target.value = '';
          }}
          data-testid="import-files"
        />
      </label>
      <label className="file-button" title="Add a folder from disk">
        <Icon name="newFolder" /> Add folder
        <input
          type="file"
          multiple
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            fromInput(e.target.files);
            e.target.value = '';
          }}
          data-testid="import-dir"
        />
      </label>
      <button type="button" onClick={exportZip} data-testid="export-zip" title="Save the workspace as workspace.zip">
        <Icon name="desktopDownload" /> Export zip
      </button>
    </div>
  );
}

export function DiskFolderFeature() {
  const { disk, models } = useShell();
  return <DiskFolderStatus link={disk} models={models} />;
}

export function GitFeature() {
  const { workspace, config, applyOverrides, saver } = useShell();
  return (
    <GitPanel
      workspace={workspace}
      git={config.git}
      saveGit={(git) => applyOverrides({ git }, false)}
      saveWorkspace={() => saver.flush()}
    />
  );
}

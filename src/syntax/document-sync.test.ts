// The main-thread mirror of editor models: change events reach the worker's
// copy in order, and a copy that missed events (the engine was not ready)
// is reopened from the editor's text instead of being trusted.
import { describe, expect, it } from 'vitest';
import { DocumentSync, type SyncedModel } from './document-sync';
import { createNodeSyntaxService } from '../checks/node';
import type { TextEdit } from './text-edits';

/** A stand-in for a Monaco model: text, version, and the change events it would fire. */
class FakeModel implements SyncedModel {
  constructor(
    public uri: string,
    private value: string,
    private versionId = 1,
  ) {}
  language = () => 'python';
  version = () => this.versionId;
  text = () => this.value;
  length = () => this.value.length;
  type(at: number, text: string): [number, TextEdit[]] {
    this.value = this.value.slice(0, at) + text + this.value.slice(at);
    return [++this.versionId, [{ rangeOffset: at, rangeLength: 0, text }]];
  }
}

const settle = () => new Promise((r) => setTimeout(r, 20));

/** The pipeline's request for `completion` at `offset` of the model's text, naming the document and its version. */
const at = (model: FakeModel, offset: number, completion: string) => ({
  language: 'python',
  prefix: model.text().slice(0, offset),
  suffix: model.text().slice(offset),
  completion,
  documentId: model.uri,
  version: model.version(),
});

describe('DocumentSync', () => {
  it('opens, applies change events, and checks the live copy', async () => {
    const service = createNodeSyntaxService();
    const sync = new DocumentSync(() => service);
    const model = new FakeModel('file:///a.py', 'def f(a):\n    return \n');
    sync.opened(model);
    for (const ch of 'a + 1') sync.changed(model, ...model.type(model.text().indexOf('\n', 10), ch));
    await settle();
    const offset = model.text().length - 1;
    expect(await service.validate(at(model, offset, ' * 2'))).toMatchObject({ checked: true, valid: true, checkedOn: 'live-document' });
    expect(await service.validate(at(model, offset, ' * (2'))).toMatchObject({ checked: true, valid: false, checkedOn: 'live-document' });
  });

  it('reopens from the editor text when events were missed while no worker was there', async () => {
    const service = createNodeSyntaxService();
    let ready = false;
    const sync = new DocumentSync(() => (ready ? service : undefined));
    const model = new FakeModel('file:///b.py', 'x = 1\n');
    sync.opened(model); // engine not ready: nothing sent
    sync.changed(model, ...model.type(6, 'y = 2\n'));
    ready = true;
    sync.changed(model, ...model.type(12, 'z = (3\n')); // the worker does not hold it: reopened from the text
    await settle();
    expect(await service.validate(at(model, 12, ''))).toMatchObject({ checked: true, checkedOn: 'live-document' });
    expect(await service.validate(at(model, model.length(), ')'))).toMatchObject({ valid: true, checkedOn: 'live-document' });
    sync.closed(model.uri);
    await settle();
    expect(await service.validate(at(model, 0, ''))).toMatchObject({ checkedOn: 'request-text' });
  });

  it('mirrors only what is wanted: a switch off closes the copy, a switch on opens it from the editor text', async () => {
    const service = createNodeSyntaxService();
    let on = false;
    const sync = new DocumentSync(
      () => service,
      () => on,
    );
    const model = new FakeModel('file:///c.py', 'def f(a):\n    return \n');
    const end = () => model.text().length - 1;
    sync.opened(model); // off: nothing sent
    sync.changed(model, ...model.type(end(), 'a'));
    await settle();
    expect(await service.validate(at(model, end(), ' + 1'))).toMatchObject({ valid: true, checkedOn: 'request-text' });

    on = true;
    sync.followWanted(model); // the switch moved: the copy is made from the text as it is now
    sync.changed(model, ...model.type(end(), ' * 2'));
    await settle();
    expect(await service.validate(at(model, end(), ' + 1'))).toMatchObject({ valid: true, checkedOn: 'live-document' });
    expect(await service.validate(at(model, end(), ' + (1'))).toMatchObject({ valid: false, checkedOn: 'live-document' });

    on = false;
    sync.followWanted(model);
    await settle();
    expect(await service.validate(at(model, end(), ' + 1'))).toMatchObject({ checkedOn: 'request-text' });
    sync.changed(model, ...model.type(end(), ' - 3')); // edits of a document switched off reach no worker
    await settle();
    expect(await service.validate(at(model, end(), ''))).toMatchObject({ checkedOn: 'request-text' });
  });

  it('an edit of a wanted document never sent (switched on since) opens it rather than editing a copy the worker lacks', async () => {
    const service = createNodeSyntaxService();
    let on = false;
    const sync = new DocumentSync(
      () => service,
      () => on,
    );
    const model = new FakeModel('file:///d.py', 'x = 1\n');
    sync.opened(model);
    on = true; // a host that does not tell of the switch: the next edit follows it
    sync.changed(model, ...model.type(6, 'y = (2\n'));
    await settle();
    expect(await service.validate(at(model, model.length(), ')'))).toMatchObject({ valid: true, checkedOn: 'live-document' });
  });
});

// The remotes' page lists: what each build exposes and publishes (tools/rspack/page-list.mjs), and how
// the config server adds them to config.json (tools/serve/page-lists.mjs).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { REMOTE_APPS } from './apps.mjs';
import { exposedModules, readPageList, unexposedPages } from './rspack/page-list.mjs';
import { createPageLists, pageListUrl } from './serve/page-lists.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe("a remote's pages", () => {
  it('exposes every module of src/exposed/ under its file name', () => {
    assert.deepEqual(exposedModules(path.join(ROOT, 'remote-profile')), {
      './ProfilePage': './src/exposed/ProfilePage.ts',
      './SettingsPage': './src/exposed/SettingsPage.ts',
    });
  });

  it('publishes a page list that names only modules it exposes, for each remote', async () => {
    for (const remote of REMOTE_APPS) {
      const appDir = path.join(ROOT, remote.name);
      const pages = await readPageList(appDir);
      assert.ok(pages.length > 0, remote.name);
      assert.equal(unexposedPages(pages, exposedModules(appDir)), null, remote.name);
    }
  });

  it('refuses a page list naming a module the remote does not expose', () => {
    assert.equal(unexposedPages([{ expose: './Missing' }], { './HomePage': '' }), 'src/pages.ts names ./Missing, which src/exposed/ does not have');
  });
});

describe('the runtime config with the page lists', () => {
  const config = { remotes: { pay: 'http://localhost:3002/remoteEntry.js', documents: '/documents/remoteEntry.js' }, auth: {} };
  const payList = [{ expose: './HomePage', paths: { signedIn: ['/'] } }];

  it('reads each list beside its entry; a relative entry against the address the config was asked at', () => {
    assert.equal(pageListUrl('http://localhost:3002/remoteEntry.js', 'http://portal/'), 'http://localhost:3002/pages.json');
    assert.equal(pageListUrl('/documents/remoteEntry.js', 'https://portal.example/'), 'https://portal.example/documents/pages.json');
  });

  it("adds every remote's list; one that cannot be fetched is left out, and the rest are there", async () => {
    const withPageLists = createPageLists({
      fetchList: async (url) => {
        if (url === 'http://localhost:3002/pages.json') return payList;
        throw new Error('down');
      },
    });
    assert.deepEqual(await withPageLists(config, 'http://portal/'), { ...config, pages: { pay: payList } });
  });

  it('keeps a list the file itself holds', async () => {
    const own = [{ expose: './Own', paths: { signedIn: ['/own'] } }];
    const withPageLists = createPageLists({ fetchList: async () => payList });
    assert.deepEqual((await withPageLists({ ...config, pages: { documents: own } }, 'http://portal/')).pages, { pay: payList, documents: own });
  });

  it('fetches a list once per max age, however many configs are asked for at once, and keeps the last copy when its remote is down', async () => {
    let time = 0;
    let fetches = 0;
    let down = false;
    const withPageLists = createPageLists({
      maxAgeMs: 1000,
      now: () => time,
      fetchList: async () => {
        fetches += 1;
        if (down) throw new Error('down');
        return [{ ...payList[0], version: fetches }];
      },
    });
    const payOnly = { remotes: { pay: config.remotes.pay } };
    const answers = await Promise.all(Array.from({ length: 300 }, () => withPageLists(payOnly, 'http://portal/')));
    assert.equal(fetches, 1);
    assert.ok(answers.every((answer) => answer.pages.pay[0].version === 1));
    time = 1500;
    assert.equal((await withPageLists(payOnly, 'http://portal/')).pages.pay[0].version, 2);
    down = true;
    time = 3000;
    assert.equal((await withPageLists(payOnly, 'http://portal/')).pages.pay[0].version, 2);
    assert.equal(fetches, 3);
  });
});

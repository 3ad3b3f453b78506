import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import type { AnyRoute } from '@tanstack/react-router';
import type { VirtualRouteNode } from '@tanstack/virtual-file-routes';
import { describe, expect, it } from 'vitest';
import {
  activeAssistant,
  assistantById,
  assistants,
  defaultAssistant,
  defaultAssistantPath,
  menuOf,
} from '#src/assistants.ts';
import publicAssistantRoutes from '#src/routes/(assistants)/__virtual.ts';
import signedInAssistantRoutes from '#src/routes/_auth/(assistants)/__virtual.ts';
import { EmptyMessageError, echoOf, ybotFailure, ybotReplyDelayMs } from '#src/ybot/echo.ts';
import { repoRoot } from '#tests/helpers/paths';

const fromRoot = (path: string) => fileURLToPath(new URL(path, repoRoot));
/**
 * The committed, generated route tree. Loaded by a computed name so that tsconfig.node.json does
 * not type-check every route file a second time: tsconfig.app.json checks them, with the
 * router's type registrations from src/main.tsx, which the Node project does not have.
 */
async function generatedRouteTree(): Promise<AnyRoute> {
  const file = new URL('src/routeTree.gen.ts', repoRoot).href;
  const module = (await import(/* @vite-ignore */ file)) as { routeTree: AnyRoute };
  return module.routeTree;
}

const labels = (id: string) => menuOf(assistantById(id)).map((item) => item.label);

describe('assistant configuration (spec sections 1, 2, 3 "Assistant config" and 9)', () => {
  it('configures Q-Bot and Y-Bot with every field of the spec', () => {
    expect(assistants.map((assistant) => [assistant.id, assistant.name, assistant.path])).toEqual([
      ['qbot', 'Q-Bot', '/qbot'],
      ['ybot', 'Y-Bot', '/ybot'],
    ]);
    for (const assistant of assistants) {
      expect(Object.keys(assistant).sort()).toEqual(
        [
          'access',
          'assets',
          'defaultBot',
          'features',
          'id',
          'menuItems',
          'name',
          'path',
          'styling',
        ].sort(),
      );
      for (const item of assistant.menuItems) {
        expect(Object.keys(item).sort()).toEqual(['id', 'label', 'order', 'path']);
      }
      expect(Object.keys(assistant.features).sort()).toEqual([
        'fileUpload',
        'gCodeGeneration',
        'workTracker',
      ]);
      expect(assistant.styling.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
      expect(assistant.styling.accentColor).toMatch(/^#[0-9a-f]{6}$/i);
      expect(assistant.assets.greeting.length).toBeGreaterThan(0);
      // The avatar and its fallback are served from src/public.
      for (const image of [assistant.styling.avatar, assistant.assets.fallbackAvatar]) {
        expect(existsSync(fromRoot(`src/public${image}`)), image).toBe(true);
      }
    }
    expect(assistantById('qbot').assets.fallbackAvatar).toBe('/default-avatar.svg');
    expect(() => assistantById('xbot')).toThrow('No assistant is configured with the id "xbot"');
  });

  it('makes Q-Bot the one default bot, while the default path setting is /ybot', () => {
    expect(assistants.filter((assistant) => assistant.defaultBot).map((a) => a.id)).toEqual([
      'qbot',
    ]);
    expect(defaultAssistant().id).toBe('qbot');
    expect(defaultAssistantPath).toBe('/ybot');
  });

  it('turns on work tracker, file upload and G-code generation for Q-Bot, and file upload only for Y-Bot', () => {
    expect(assistantById('qbot').features).toEqual({
      workTracker: true,
      fileUpload: true,
      gCodeGeneration: true,
    });
    expect(assistantById('ybot').features).toEqual({
      workTracker: false,
      fileUpload: true,
      gCodeGeneration: false,
    });
  });

  it('orders the menus as the spec lists them, by their order field', () => {
    expect(labels('qbot')).toEqual(['My Profile', 'My Organization', 'My Shop', 'QBot']);
    expect(labels('ybot')).toEqual(['My Profile', 'YBot']);
    expect(menuOf(assistantById('qbot')).map((item) => item.path)).toEqual([
      '/my-profile',
      '/my-organization',
      '/my-shop',
      '/qbot',
    ]);
    expect(menuOf(assistantById('ybot')).map((item) => item.path)).toEqual([
      '/my-profile',
      '/ybot',
    ]);
    for (const assistant of assistants) {
      const orders = assistant.menuItems.map((item) => item.order);
      expect(new Set(orders).size, `${assistant.id} has two items at one order`).toBe(
        orders.length,
      );
    }
  });

  it('chooses the active assistant by the path, and the default one for / and any other path', () => {
    const cases: [string, string][] = [
      ['/', 'qbot'],
      ['/qbot', 'qbot'],
      ['/qbot/x', 'qbot'],
      ['/ybot', 'ybot'],
      ['/ybot/', 'ybot'],
      ['/ybot/history/2', 'ybot'],
      ['/my-shop', 'qbot'],
      ['/my-profile', 'qbot'],
      ['/signin', 'qbot'],
      ['/ybotany', 'qbot'],
      ['/no/such/page', 'qbot'],
      ['', 'qbot'],
    ];
    expect(cases.map(([path]) => [path, activeAssistant(path).id])).toEqual(cases);
  });
});

/** The routes one `__virtual.ts` subtree generates, as [path, file]. */
const generated = (nodes: VirtualRouteNode[]) =>
  nodes.map((node) => {
    if (node.type !== 'route') throw new Error(`unexpected ${node.type} node`);
    return [node.path, node.file];
  });

describe('assistant routes generated from the configuration (spec section 2)', () => {
  it('generates one route per assistant at its configured path, public or behind _auth by its access', () => {
    const expected = (access: string) =>
      assistants
        .filter((assistant) => assistant.access === access)
        .map((assistant) => [assistant.path, `${assistant.id}.tsx`]);
    expect(generated(publicAssistantRoutes)).toEqual(expected('public'));
    expect(generated(signedInAssistantRoutes)).toEqual(expected('signed-in'));
    expect(generated(publicAssistantRoutes)).toEqual([['/ybot', 'ybot.tsx']]);
    expect(generated(signedInAssistantRoutes)).toEqual([['/qbot', 'qbot.tsx']]);
    // Each generated route mounts a screen file that exists beside its __virtual.ts.
    for (const assistant of assistants) {
      const folder =
        assistant.access === 'public' ? 'src/routes/(assistants)' : 'src/routes/_auth/(assistants)';
      expect(existsSync(fromRoot(`${folder}/${assistant.id}.tsx`)), assistant.id).toBe(true);
    }
  });

  it('has every assistant path, and no other assistant route, in the generated route tree', async () => {
    const router = createRouter({
      routeTree: await generatedRouteTree(),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    /** The ids of the routes a path mounts, from the root down to the route found for it. */
    const matchedIds = (path: string) => {
      const [matchedRoutes, , found] = router.getMatchedRoutes(path);
      return found ? matchedRoutes.map((route) => String(route.id)) : [];
    };
    for (const assistant of assistants) {
      const ids = matchedIds(assistant.path);
      expect(ids, assistant.path).toEqual(
        assistant.access === 'signed-in'
          ? ['__root__', '/_auth', `/_auth/(assistants)${assistant.path}`]
          : ['__root__', `/(assistants)${assistant.path}`],
      );
    }
    // A route left in the tree for an assistant no longer configured would show up here.
    const assistantRouteIds = Object.keys(router.routesById).filter((id) =>
      id.includes('/(assistants)/'),
    );
    expect(assistantRouteIds.sort()).toEqual(
      assistants
        .map((assistant) =>
          assistant.access === 'signed-in'
            ? `/_auth/(assistants)${assistant.path}`
            : `/(assistants)${assistant.path}`,
        )
        .sort(),
    );
    // The root path mounts the landing frame, not an assistant route.
    expect(matchedIds('/')).toEqual(['__root__', '/']);
  });
});

describe("Y-Bot's echo (spec sections 1, 8 and 9)", () => {
  it('echoes the text without its surrounding blanks, after 1000 ms', () => {
    expect(ybotReplyDelayMs).toBe(1000);
    expect(echoOf('  Face to 120 mm\n')).toBe('Face to 120 mm');
    expect(echoOf('line 1\nline 2')).toBe('line 1\nline 2');
  });

  it("has nothing to echo in a blank message, which gets the spec's failure text", () => {
    expect(() => echoOf('')).toThrow(EmptyMessageError);
    expect(() => echoOf(' \n\t')).toThrow(EmptyMessageError);
    expect(ybotFailure).toBe("Sorry, I couldn't process your message.");
  });
});

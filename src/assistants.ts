/**
 * The two assistants (spec sections 1, 2, 3 "Assistant config" and 9). Q-Bot is the default bot;
 * the default path setting is /ybot. The active assistant is chosen by the current path, and the
 * root path selects the default one.
 *
 * This file is plain data with no imports: the router plugin loads it in Node at build time
 * (`src/routes/(assistants)/__virtual.ts` and `src/routes/_auth/(assistants)/__virtual.ts`) to
 * generate one route per assistant; the UI reads it in the browser.
 */
export interface AssistantMenuItem {
  id: string;
  label: string;
  path: string;
  /** Position in the navigation bar's dropdown, smallest first. */
  order: number;
}

export interface AssistantFeatures {
  /** The Work Tracker side panel of the workflow. */
  workTracker: boolean;
  /** The attach icon and the file input of the chat's input bar. */
  fileUpload: boolean;
  /** The G-code workflow (drawing to verified program); without it the route shows a plain chat. */
  gCodeGeneration: boolean;
}

export interface AssistantStyling {
  /** CSS colours, set as `--primary` and `--accent` on the assistant's screens. */
  primaryColor: string;
  accentColor: string;
  /** The avatar image, served from `src/public`. */
  avatar: string;
}

export interface AssistantAssets {
  /** Shown when the avatar fails to load (spec section 2). */
  fallbackAvatar: string;
  /** The landing frame mounted at `/` when this assistant is the default one. */
  landing: { heading: string; lead: string; text: string };
  /** The plain chat's first assistant messages (the G-code workflow has its own, in machines/). */
  greeting: readonly string[];
}

/**
 * Who may open the assistant's route (spec section 2, route table): `public`, or `signed-in`
 * (mounted under the `_auth` layout, which sends a signed-out visitor to /signin).
 */
export type AssistantAccess = 'public' | 'signed-in';

export interface AssistantConfig {
  id: string;
  name: string;
  /** The route; generated from this field (docs/decisions/011-assistant-routes.md). */
  path: string;
  defaultBot: boolean;
  access: AssistantAccess;
  menuItems: readonly AssistantMenuItem[];
  features: AssistantFeatures;
  styling: AssistantStyling;
  assets: AssistantAssets;
}

/** The default path setting (spec sections 2 and 9). The default assistant is the one with `defaultBot`. */
export const defaultAssistantPath = '/ybot';

export const assistants: readonly AssistantConfig[] = [
  {
    id: 'qbot',
    name: 'Q-Bot',
    path: '/qbot',
    defaultBot: true,
    access: 'signed-in',
    menuItems: [
      { id: 'profile', label: 'My Profile', path: '/my-profile', order: 1 },
      { id: 'organization', label: 'My Organization', path: '/my-organization', order: 2 },
      { id: 'shop', label: 'My Shop', path: '/my-shop', order: 3 },
      { id: 'qbot', label: 'QBot', path: '/qbot', order: 4 },
    ],
    features: { workTracker: true, fileUpload: true, gCodeGeneration: true },
    styling: { primaryColor: '#1f6feb', accentColor: '#f0883e', avatar: '/qbot-avatar.svg' },
    assets: {
      fallbackAvatar: '/default-avatar.svg',
      landing: {
        heading: 'Q-BOT',
        lead: 'Your copilot for creating high precision parts.',
        text: 'Upload a part drawing, confirm what Q-Bot read, choose stock, machine and tools, and download G-code checked for the machine you will run it on.',
      },
      greeting: [
        "Hello! I'm Q-BOT, your copilot for creating high precision parts.",
        'How can I help you today?',
      ],
    },
  },
  {
    id: 'ybot',
    name: 'Y-Bot',
    path: '/ybot',
    defaultBot: false,
    access: 'public',
    menuItems: [
      { id: 'profile', label: 'My Profile', path: '/my-profile', order: 1 },
      { id: 'ybot', label: 'YBot', path: '/ybot', order: 2 },
    ],
    features: { workTracker: false, fileUpload: true, gCodeGeneration: false },
    styling: { primaryColor: '#8250df', accentColor: '#3fb950', avatar: '/ybot-avatar.svg' },
    assets: {
      fallbackAvatar: '/default-avatar.svg',
      landing: {
        heading: 'Y-BOT',
        lead: 'A demo chat.',
        text: 'Type a message and Y-Bot says it back a second later. Nothing you send leaves your browser.',
      },
      greeting: [
        "Hi, I'm Y-Bot, a demo chat.",
        'Type a message and I will echo it back. You can attach a file too; it stays in your browser.',
      ],
    },
  },
];

/** The assistant with `defaultBot` (Q-Bot); the first one if none has it. */
export function defaultAssistant(): AssistantConfig {
  return assistants.find((assistant) => assistant.defaultBot) ?? assistants[0]!;
}

/** The assistant with this id; throws for an id that is not configured. */
export function assistantById(id: string): AssistantConfig {
  const assistant = assistants.find((candidate) => candidate.id === id);
  if (!assistant) throw new Error(`No assistant is configured with the id "${id}"`);
  return assistant;
}

/** The assistant whose path starts `pathname`; any other path, including `/`, selects the default. */
export function activeAssistant(pathname: string): AssistantConfig {
  return (
    assistants.find(
      (assistant) => pathname === assistant.path || pathname.startsWith(`${assistant.path}/`),
    ) ?? defaultAssistant()
  );
}

/** The assistant's menu items in their `order` (spec section 2, "Navigation bar"). */
export function menuOf(assistant: AssistantConfig): AssistantMenuItem[] {
  return [...assistant.menuItems].sort((a, b) => a.order - b.order);
}

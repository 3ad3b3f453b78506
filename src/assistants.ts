/**
 * The two assistants (spec sections 1, 2 and 3 "Assistant config"). Q-Bot is the default bot;
 * the default path setting is /ybot. The active assistant is chosen by the current path, and
 * the root path selects the default one.
 */
export interface AssistantMenuItem {
  id: string;
  label: string;
  path: string;
  order: number;
}

export interface AssistantConfig {
  id: string;
  name: string;
  path: string;
  defaultBot: boolean;
  menuItems: AssistantMenuItem[];
  features: { workTracker: boolean; fileUpload: boolean; gCodeGeneration: boolean };
  styling: { primaryColor: string; accentColor: string; avatar: string };
}

/** The default path setting (spec section 9). */
export const defaultAssistantPath = '/ybot';

export const assistants: readonly AssistantConfig[] = [
  {
    id: 'qbot',
    name: 'Q-Bot',
    path: '/qbot',
    defaultBot: true,
    menuItems: [
      { id: 'profile', label: 'My Profile', path: '/my-profile', order: 1 },
      { id: 'organization', label: 'My Organization', path: '/my-organization', order: 2 },
      { id: 'shop', label: 'My Shop', path: '/my-shop', order: 3 },
      { id: 'qbot', label: 'QBot', path: '/qbot', order: 4 },
    ],
    features: { workTracker: true, fileUpload: true, gCodeGeneration: true },
    styling: { primaryColor: '#1f6feb', accentColor: '#f0883e', avatar: '/qbot-avatar.svg' },
  },
  {
    id: 'ybot',
    name: 'Y-Bot',
    path: '/ybot',
    defaultBot: false,
    menuItems: [
      { id: 'profile', label: 'My Profile', path: '/my-profile', order: 1 },
      { id: 'ybot', label: 'YBot', path: '/ybot', order: 2 },
    ],
    features: { workTracker: false, fileUpload: true, gCodeGeneration: false },
    styling: { primaryColor: '#8250df', accentColor: '#3fb950', avatar: '/ybot-avatar.svg' },
  },
];

const defaultAssistant = (): AssistantConfig =>
  assistants.find((assistant) => assistant.defaultBot) ?? assistants[0]!;

/** The assistant whose path starts `pathname`; any other path, including `/`, selects the default. */
export function activeAssistant(pathname: string): AssistantConfig {
  return (
    assistants.find(
      (assistant) => pathname === assistant.path || pathname.startsWith(`${assistant.path}/`),
    ) ?? defaultAssistant()
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { assistantById } from '../../assistants.ts';
import { YbotScreen } from '../../ybot/YbotScreen.tsx';

/**
 * The Y-Bot demo chat (spec sections 1, 2 and 9). The route itself is generated from the
 * assistant configuration by `__virtual.ts` beside this file.
 */
export const Route = createFileRoute('/(assistants)/ybot')({ component: Ybot });

const assistant = assistantById('ybot');

function Ybot() {
  return <YbotScreen assistant={assistant} />;
}

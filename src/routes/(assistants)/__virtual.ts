/**
 * The public assistants' routes, generated from the assistant configuration (spec section 2;
 * docs/decisions/011-assistant-routes.md). The router plugin loads this file at build time: one
 * route per assistant with `access: 'public'`, at the configured path, mounting `<id>.tsx` beside
 * this file. Signed-in assistants are generated in `_auth/(assistants)/__virtual.ts`.
 */
import { defineVirtualSubtreeConfig, route } from '@tanstack/virtual-file-routes';
import { assistants } from '../../assistants.ts';

export default defineVirtualSubtreeConfig(
  assistants
    .filter((assistant) => assistant.access === 'public')
    .map((assistant) => route(assistant.path, `${assistant.id}.tsx`)),
);

/**
 * The signed-in assistants' routes, generated from the assistant configuration (spec section 2;
 * docs/decisions/011-assistant-routes.md). Being inside `_auth/`, they sit under the `_auth`
 * layout, which sends a signed-out visitor to /signin. One route per assistant with
 * `access: 'signed-in'`, at the configured path, mounting `<id>.tsx` beside this file.
 */
import { defineVirtualSubtreeConfig, route } from '@tanstack/virtual-file-routes';
import { assistants } from '../../../assistants.ts';

export default defineVirtualSubtreeConfig(
  assistants
    .filter((assistant) => assistant.access === 'signed-in')
    .map((assistant) => route(assistant.path, `${assistant.id}.tsx`)),
);

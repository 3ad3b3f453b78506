/**
 * The blueprint description contracts. The schemas live with the CAM core, which plans from
 * them (cam/blueprint-description.ts); the API and the UI use them from here.
 */
export * from '#cam/blueprint-description';

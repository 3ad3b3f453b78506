/**
 * Names of catalog entries put together for people: a controller family and its model, a maker
 * and its machine. Catalogs repeat the family in the model ('Haas' + 'Haas NGC') or the model in
 * the family ('Tormach PathPilot' + 'PathPilot'); the joined name says each word once.
 */

/**
 * `first` and `second` as one name, the part they share said once: 'Haas' + 'Haas NGC' is
 * 'Haas NGC', 'Tormach PathPilot' + 'PathPilot' is 'Tormach PathPilot', 'Fanuc' + '0i-TF Plus'
 * is 'Fanuc 0i-TF Plus'; a model named as its family's last word and a hyphen keeps that word
 * once: 'Okuma OSP' + 'OSP-P300LA' is 'Okuma OSP-P300LA'. Whole words only, compared without
 * case; either may be empty.
 */
export function namesJoined(first: string, second: string): string {
  const a = first.trim().split(/\s+/).filter(Boolean);
  const b = second.trim().split(/\s+/).filter(Boolean);
  const same = (x: string[], y: string[]) =>
    x.length === y.length && x.every((word, i) => word.toLowerCase() === y[i]!.toLowerCase());
  for (let overlap = Math.min(a.length, b.length); overlap > 0; overlap--) {
    if (same(a.slice(a.length - overlap), b.slice(0, overlap)))
      return [...a, ...b.slice(overlap)].join(' ');
  }
  const last = a.at(-1)?.toLowerCase();
  if (last && b[0]?.toLowerCase().startsWith(`${last}-`))
    return [...a.slice(0, -1), ...b].join(' ');
  return [...a, ...b].join(' ');
}

/** The controller's name as a machinist says it: its family and model ('Haas NGC'). */
export function controllerName(machine: { controllerType: string; controllerModel: string }) {
  return namesJoined(machine.controllerType, machine.controllerModel);
}

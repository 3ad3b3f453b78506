/**
 * Walk an XState chart with `xstate/graph`: explore every reachable snapshot under a set of
 * events, then report which states and which transitions of the chart were reached, and give
 * a concrete path (shortest path to the source snapshot, plus the event) for every transition.
 */
import { createActor, getInitialMicrosteps, getMicrosteps } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
} from 'xstate/graph';

type AnyTransition = AnyStateNode['transitions'] extends Map<string, (infer T)[]> ? T : never;

export interface TransitionPath {
  /** `source --event--> targets`, as in the chart. */
  transition: string;
  /** Events from the initial snapshot that end by taking the transition. */
  events: EventObject[];
  /** The state value the chart is in afterwards. */
  expectedValue: unknown;
}

export interface ChartWalk {
  /** Ids of every state node in the chart. */
  states: string[];
  /** Every transition of the chart, as `source --event--> targets`. */
  transitions: string[];
  visitedStates: Set<string>;
  takenTransitions: Set<string>;
  /** One path per taken transition. */
  paths: TransitionPath[];
}

const describeTransition = (transition: AnyTransition): string => {
  const targets =
    transition.target?.map((node: AnyStateNode) => node.id).join(',') ?? '(no target)';
  return `${transition.source.id} --${transition.eventType}--> ${targets}`;
};

const activeIds = (snapshot: AnyMachineSnapshot): Set<string> =>
  new Set(snapshot._nodes.map((node: AnyStateNode) => node.id));

/** Transitions of a state node for an event type; `''` means its eventless (`always`) ones. */
const transitionsFor = (node: AnyStateNode, eventType: string): AnyTransition[] =>
  eventType === '' ? (node.always ?? []) : (node.transitions.get(eventType) ?? []);

/**
 * The transition taken from `before` to `after` for `eventType` (`''` for an eventless step):
 * among the transitions for it on active state nodes (deepest first, alternatives in order), the
 * first whose targets are all active afterwards, or which has no target and left the active
 * states as they were.
 */
function takenTransition(
  before: AnyMachineSnapshot,
  eventType: string,
  after: AnyMachineSnapshot,
): AnyTransition | undefined {
  const beforeIds = activeIds(before);
  const afterIds = activeIds(after);
  const deepestFirst = [...(before._nodes as AnyStateNode[])].reverse();
  for (const node of deepestFirst) {
    for (const transition of transitionsFor(node, eventType)) {
      const targets = transition.target as readonly AnyStateNode[] | undefined;
      const matches = targets
        ? targets.every((target) => afterIds.has(target.id))
        : beforeIds.size === afterIds.size && [...beforeIds].every((id) => afterIds.has(id));
      if (matches) return transition;
    }
  }
  return undefined;
}

/**
 * Explore `machine` under `events` and map every transition to a path that takes it.
 *
 * @param events - the events to try in each snapshot (may depend on the snapshot)
 */
export function walkChart(
  machine: AnyStateMachine,
  events: (snapshot: AnyMachineSnapshot) => EventObject[],
  options: {
    input?: unknown;
    /**
     * What of the context tells snapshots apart (default: all of it). Leave out counters that
     * would make the state space endless.
     */
    serializeContext?: (context: unknown) => unknown;
  } = {},
): ChartWalk {
  const serializeContext = options.serializeContext ?? ((context: unknown) => context);
  const keyOf = (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify({
      value: snapshot.value as unknown,
      context: serializeContext(snapshot.context),
    });
  const traversal = {
    events,
    serializeState: (snapshot: AnyMachineSnapshot) => keyOf(snapshot),
    ...(options.input === undefined ? {} : { input: options.input }),
  };
  const adjacency = getAdjacencyMap(machine, traversal);
  const pathTo = new Map<string, EventObject[]>();
  for (const path of getShortestPaths(machine, traversal)) {
    pathTo.set(
      keyOf(path.state as AnyMachineSnapshot),
      path.steps.map((step) => step.event as EventObject),
    );
  }
  const eventsTo = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const events = pathTo.get(keyOf(snapshot));
    if (!events) throw new Error(`no path to ${keyOf(snapshot)}`);
    return events;
  };

  const visitedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const paths: TransitionPath[] = [];
  const record = (
    transition: AnyTransition | undefined,
    events: EventObject[],
    expectedValue: unknown,
  ) => {
    if (!transition) return;
    const name = describeTransition(transition);
    if (takenTransitions.has(name)) return;
    takenTransitions.add(name);
    paths.push({ transition: name, events, expectedValue });
  };
  /** Follow the microsteps of one macrostep: the event's transition, then eventless ones. */
  const walkMicrosteps = (
    before: AnyMachineSnapshot | undefined,
    eventType: string,
    microsteps: AnyMachineSnapshot[],
    events: EventObject[],
    settled: AnyMachineSnapshot,
  ) => {
    let previous = before;
    microsteps.forEach((micro, index) => {
      for (const id of activeIds(micro)) visitedStates.add(id);
      if (previous)
        record(
          takenTransition(previous, index === 0 ? eventType : '', micro),
          events,
          settled.value,
        );
      previous = micro;
    });
  };

  const initial = getInitialMicrosteps(machine, options.input as never).map(
    ([snapshot]) => snapshot as AnyMachineSnapshot,
  );
  walkMicrosteps(undefined, '', initial, [], initial[initial.length - 1]!);
  for (const { state, event, nextState } of adjacencyMapToArray(adjacency) as {
    state: AnyMachineSnapshot;
    event: EventObject;
    nextState: AnyMachineSnapshot;
  }[]) {
    for (const id of activeIds(state)) visitedStates.add(id);
    for (const id of activeIds(nextState)) visitedStates.add(id);
    if (!state.can(event)) continue;
    const microsteps = getMicrosteps(machine, state as never, event as never).map(
      ([snapshot]) => snapshot as AnyMachineSnapshot,
    );
    walkMicrosteps(state, event.type, microsteps, [...eventsTo(state), event], nextState);
  }

  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return {
    states: nodes.map((node) => node.id),
    transitions: nodes.flatMap((node) =>
      [...node.transitions.values(), node.always ?? []].flat().map(describeTransition),
    ),
    visitedStates,
    takenTransitions,
    paths,
  };
}

/**
 * Run `events` through a live actor of `machine` (with whatever actors it was provided) and
 * return its final snapshot value. Invoked actors are given done or error events by the path
 * itself, so the provided actors should never settle.
 */
export function replay(machine: AnyStateMachine, events: EventObject[], input?: unknown): unknown {
  const actor = createActor(machine, input === undefined ? {} : { input });
  actor.start();
  for (const event of events) actor.send(event);
  const value: unknown = actor.getSnapshot().value;
  actor.stop();
  return value;
}

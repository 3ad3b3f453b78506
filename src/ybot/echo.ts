/** Y-Bot's demo replies (spec sections 1, 2 "Y-Bot screen", 8 and 9): no API call is made. */

/** Y-Bot answers this long after a message (spec section 9), in ms. */
export const ybotReplyDelayMs = 1000;

/** The spec's text for a message Y-Bot could not process (section 8), copied exactly. */
export const ybotFailure = "Sorry, I couldn't process your message.";

/** A message with neither text nor a file: nothing to echo. */
export class EmptyMessageError extends Error {
  constructor() {
    super('There is nothing to echo: the message is empty.');
    this.name = 'EmptyMessageError';
  }
}

/** The echo of the user's text: the text without its surrounding blanks. Throws `EmptyMessageError` for blank text. */
export function echoOf(text: string): string {
  const echo = text.trim();
  if (!echo) throw new EmptyMessageError();
  return echo;
}

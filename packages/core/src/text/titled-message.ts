/** Alerts that the SPEC writes as 'Title - message' are kept as two parts so a dialog can lay them out. */
export interface TitledMessage {
  title: string;
  message: string;
}

/** The single-line form the SPEC quotes: 'Title - message'. */
export function titledText(alert: TitledMessage): string {
  return `${alert.title} - ${alert.message}`;
}

/** The scenario name's user-visible English strings, in one place for the message catalogs. */
export const scenarioNameMessages = {
  label: 'Scenario name',
  hint: 'shown in the page title, the share link and exports',
  appTitle: 'valkey-ram-planner',
};

export const nameTooLong = (limit: number) => `Scenario name: at most ${limit} characters`;

/** "Checkout cache · valkey-ram-planner" */
export const pageTitle = (name: string) => (name ? `${name} · ${scenarioNameMessages.appTitle}` : scenarioNameMessages.appTitle);

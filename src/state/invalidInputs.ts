import { create } from 'zustand';

/**
 * The fields whose text does not parse, by field id, with their labels. Only valid values reach
 * the scenario, so while any field is listed the results on screen are for the last valid input.
 */
export const useInvalidInputs = create<{ labels: Record<string, string> }>()(() => ({ labels: {} }));

export function inputInvalid(id: string, label: string): void {
  useInvalidInputs.setState(({ labels }) => ({ labels: { ...labels, [id]: label } }));
}

export function inputValidAgain(id: string): void {
  useInvalidInputs.setState(({ labels }) => {
    if (!(id in labels)) return {};
    const { [id]: _, ...rest } = labels;
    return { labels: rest };
  });
}

/** The labels of the fields to fix, in the order they were broken; empty when the results are current. */
export const useInvalidLabels = (): string[] => {
  const labels = useInvalidInputs((s) => s.labels);
  return Object.values(labels);
};

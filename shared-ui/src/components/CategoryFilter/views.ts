/** One choice of the filter: すべて (value null) or a category. */
export interface Choice {
  key: string;
  text: string;
  value: string | null;
}

/** What each view of the filter (chips, dropdown) is given. */
export interface ViewProps {
  choices: Choice[];
  selected: string | null;
  onSelect: (category: string | null) => void;
  label: string;
  className?: string;
}

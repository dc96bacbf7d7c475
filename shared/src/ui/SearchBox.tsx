import { useId } from 'react';

export type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name (visually hidden). Default 'Search'. */
  label?: string;
  placeholder?: string;
  id?: string;
  className?: string;
};

/** A search input with a visually hidden label. */
export function SearchBox({ value, onChange, label = 'Search', placeholder, id, className }: SearchBoxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={['ui-search', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="ui-visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        className="ui-search__input"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

import { useMemo, useState } from "react";
import { CheckList, Popup, SearchBar } from "antd-mobile";
import { FormattedMessage, useIntl } from "react-intl";
import { countryName, countryOptions } from "../countries";
import { registerMessages as m } from "./messages";
import "./account.css";

type Props = { value: string; onChange: (code: string) => void; onBlur?: () => void };

/** Country: a searchable list of region names in the interface language; the value is the ISO code. */
export function CountryField({ value, onChange, onBlur }: Props) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const options = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const shown = search.trim()
    ? options.filter((option) => option.name.toLowerCase().includes(search.trim().toLowerCase()))
    : options;
  const close = () => {
    setOpen(false);
    setSearch("");
    onBlur?.();
  };
  return (
    <>
      <div className="country-field" role="button" tabIndex={0} onClick={() => setOpen(true)}>
        {value ? (
          countryName(value, intl.locale)
        ) : (
          <span className="country-placeholder">
            <FormattedMessage {...m.countryPlaceholder} />
          </span>
        )}
      </div>
      <Popup visible={open} onMaskClick={close} bodyClassName="country-popup">
        <div className="country-popup-search">
          <SearchBar value={search} onChange={setSearch} placeholder={intl.formatMessage(m.countrySearch)} />
        </div>
        <div className="country-popup-list">
          <CheckList
            value={value ? [value] : []}
            onChange={(picked) => {
              if (picked[0]) onChange(String(picked[0]));
              close();
            }}
          >
            {shown.map((option) => (
              <CheckList.Item key={option.code} value={option.code}>
                {option.name}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </>
  );
}

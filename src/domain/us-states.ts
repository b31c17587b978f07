/**
 * Where the shop delivers: the United States' states, the District of Columbia and the inhabited
 * territories with ZIP codes, by their USPS two-letter code.
 */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;

export type UsStateCode = keyof typeof US_STATES;

const folded = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[.\s]+/g, ' ')
    .trim()
    .toLowerCase();

const BY_NAME = new Map<string, UsStateCode>(
  Object.entries(US_STATES).flatMap(([code, name]) => [
    [folded(name), code as UsStateCode],
    [folded(code), code as UsStateCode],
  ]),
);
// Written both ways by real people.
BY_NAME.set(folded('Virgin Islands'), 'VI');
BY_NAME.set(folded('Washington DC'), 'DC');
BY_NAME.set(folded('Washington D C'), 'DC');

/** The state's code, from its name or its code in any case ("north carolina", "NC", "n.c."); else undefined. */
export function usStateCode(value: string): UsStateCode | undefined {
  return BY_NAME.get(folded(value)) ?? BY_NAME.get(folded(value).replace(/ /g, ''));
}

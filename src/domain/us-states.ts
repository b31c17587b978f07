/**
 * Where the shop delivers: the United States' states, the District of Columbia, the inhabited
 * territories and freely associated states with ZIP codes, and the armed forces' post offices, by
 * their USPS two-letter code.
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
  // The freely associated states and the armed forces' post offices have ZIP codes too.
  FM: 'Federated States of Micronesia',
  MH: 'Marshall Islands',
  PW: 'Palau',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
} as const;

export type UsStateCode = keyof typeof US_STATES;

const folded = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // "Hawaiʻi", "Hawai'i", "Washington, D.C.": the marks people write are not part of the name.
    .replace(/['’ʻ]/g, '')
    .replace(/[.,\s]+/g, ' ')
    .trim()
    .toLowerCase();

const BY_NAME = new Map<string, UsStateCode>(
  Object.entries(US_STATES).flatMap(([code, name]) => [
    [folded(name), code as UsStateCode],
    [folded(code), code as UsStateCode],
  ]),
);
// Written other ways by real people.
for (const [alias, code] of [
  ['Virgin Islands', 'VI'],
  ['US Virgin Islands', 'VI'],
  ['USVI', 'VI'],
  ['Washington DC', 'DC'],
  ['Washington D C', 'DC'],
  ['Micronesia', 'FM'],
] as const)
  BY_NAME.set(folded(alias), code);

/** The state's code, from its name or its code in any case ("north carolina", "NC", "n.c."); else undefined. */
export function usStateCode(value: string): UsStateCode | undefined {
  return BY_NAME.get(folded(value)) ?? BY_NAME.get(folded(value).replace(/ /g, ''));
}

/**
 * Recipient numbers (docs/service-behaviour.md, "Recipient numbers"). A valid number here: digits only; 9 national digits get
 * the Polish prefix 48; otherwise 11-12 digits starting with a known country prefix and a mobile range.
 */

export interface Network {
	name: string;
	mcc: string;
	mnc: string;
}

interface CountryRule {
	prefix: string;
	country: string;
	/** Total length including the prefix. */
	lengths: number[];
	/** Mobile ranges of the national part; anything else is landline-like. */
	mobile: RegExp;
	/** Points charged per SMS part. */
	pointsPerPart: number;
	networks: Array<Network & { national: RegExp; price: string }>;
}

export const COUNTRIES: CountryRule[] = [
	{
		prefix: '48',
		country: 'Poland',
		lengths: [11],
		mobile: /^[4-8]/,
		pointsPerPart: 0.165,
		networks: [
			{ name: 'Plus', mcc: '260', mnc: '01', national: /^(60|66|69|78|88)/, price: '0.0380' },
			{ name: 'T-Mobile', mcc: '260', mnc: '02', national: /^(60[02468]|88[0-5]|50[0-1]|51)/, price: '0.0380' },
			{ name: 'Orange', mcc: '260', mnc: '03', national: /^(50|51|57|45)/, price: '0.0380' },
			{ name: 'Play', mcc: '260', mnc: '06', national: /^(53|72|73|79|4|7|8)/, price: '0.0380' },
		],
	},
	{
		prefix: '44',
		country: 'United Kingdom',
		lengths: [12],
		mobile: /^7/,
		pointsPerPart: 0.3,
		networks: [
			{ name: 'O2', mcc: '234', mnc: '10', national: /^7[0-4]/, price: '0.0390' },
			{ name: 'Vodafone', mcc: '234', mnc: '15', national: /^7/, price: '0.0390' },
		],
	},
	{
		prefix: '49',
		country: 'Germany',
		lengths: [12],
		mobile: /^1[5-7]/,
		pointsPerPart: 0.35,
		networks: [
			{ name: 'Telekom', mcc: '262', mnc: '01', national: /^1(51|60|70|71)/, price: '0.0750' },
			{ name: 'Vodafone', mcc: '262', mnc: '02', national: /^1/, price: '0.0750' },
		],
	},
	{
		prefix: '420',
		country: 'Czech Republic',
		lengths: [12],
		mobile: /^[67]/,
		pointsPerPart: 0.25,
		networks: [{ name: 'O2', mcc: '230', mnc: '02', national: /^[67]/, price: '0.0450' }],
	},
	{
		prefix: '46',
		country: 'Sweden',
		lengths: [11],
		mobile: /^7/,
		pointsPerPart: 0.3,
		networks: [{ name: 'Telia', mcc: '240', mnc: '01', national: /^7/, price: '0.0400' }],
	},
	{
		prefix: '359',
		country: 'Bulgaria',
		lengths: [12],
		mobile: /^(8[7-9]|9[89])/,
		pointsPerPart: 0.35,
		networks: [{ name: 'A1', mcc: '284', mnc: '01', national: /^(8|9)/, price: '0.0650' }],
	},
];

export type NumberCheck =
	| { ok: true; number: string; country: string; network: Network; pointsPerPart: number }
	| { ok: false; number: string; reason: string; landline?: boolean };

function ruleFor(number: string): CountryRule | undefined {
	return COUNTRIES.find((c) => number.startsWith(c.prefix));
}

function networkFor(rule: CountryRule, national: string): Network {
	const found = rule.networks.find((n) => n.national.test(national)) ?? rule.networks[rule.networks.length - 1];
	return { name: found.name, mcc: found.mcc, mnc: found.mnc };
}

/** Number with its country prefix, as the service writes it in `number`. */
export function withCountryPrefix(submitted: string): string {
	const trimmed = submitted.trim();
	return /^\d{9}$/.test(trimmed) ? `48${trimmed}` : trimmed;
}

/** Send rules: landline-like, unknown prefix, wrong length or non-digits are invalid. */
export function checkMobileNumber(submitted: string): NumberCheck {
	const number = withCountryPrefix(submitted);
	if (!/^\d+$/.test(number)) return { ok: false, number, reason: 'Invalid phone number' };
	if (number.length < 11 || number.length > 12) return { ok: false, number, reason: 'Invalid phone number' };
	const rule = ruleFor(number);
	if (!rule || !rule.lengths.includes(number.length)) return { ok: false, number, reason: 'Invalid phone number' };
	const national = number.slice(rule.prefix.length);
	if (!rule.mobile.test(national)) {
		return { ok: false, number, reason: 'Invalid phone number (landline)', landline: true };
	}
	return { ok: true, number, country: rule.country, network: networkFor(rule, national), pointsPerPart: rule.pointsPerPart };
}

/** Number lookup: syntactically valid numbers pass, landlines included (their lookup result is FAIL). */
export function checkLookupNumber(submitted: string): NumberCheck {
	const mobile = checkMobileNumber(submitted);
	if (mobile.ok || !mobile.landline) return mobile;
	const rule = ruleFor(mobile.number) as CountryRule;
	return {
		ok: true,
		number: mobile.number,
		country: rule.country,
		network: { name: 'Landline', mcc: rule.networks[0].mcc, mnc: '' },
		pointsPerPart: rule.pointsPerPart,
	};
}

export function isLandline(number: string): boolean {
	const check = checkMobileNumber(number);
	return !check.ok && check.landline === true;
}

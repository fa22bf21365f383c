/**
 * The short address an approval SMS may carry (nodes/Smsapi/approval/shortLink.ts,
 * httpsShortAddress): https only (the service's published answers show `http://idz.do/…`), no
 * fragment of its own (the check follows as the fragment), nothing but an http(s) address. The
 * request that makes it, its expiry and its deletion once answered:
 * test/operations/sms/sendAndWait.test.ts and test/approval/answerWebhook.test.ts.
 */
import { httpsShortAddress } from '../../nodes/Smsapi/approval/shortLink';

it.each([
	['http://idz.do/ab12x', 'https://idz.do/ab12x'],
	['HTTP://idz.do/ab12x', 'https://idz.do/ab12x'],
	['https://idz.do/ab12x', 'https://idz.do/ab12x'],
	['https://go.example.com/a/b?c=d', 'https://go.example.com/a/b?c=d'],
])('%s goes into the SMS as %s', (given, sent) => {
	expect(httpsShortAddress(given)).toBe(sent);
});

it.each([undefined, null, 42, '', 'idz.do/ab12x', 'ftp://idz.do/x', 'https://idz.do/a#b', 'https://idz.do/a b', 'javascript:alert(1)', ['https://idz.do/a']])(
	'%j is no short address',
	(given) => {
		expect(httpsShortAddress(given)).toBeUndefined();
	},
);

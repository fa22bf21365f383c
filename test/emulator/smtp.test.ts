import type { AddressInfo } from 'node:net';

import nodemailer, { type SendMailOptions } from 'nodemailer';
import { SMTPServer } from 'smtp-server';

import type { Emulator } from './index';
import { control, PASSWORD_MD5, startTestEmulator, waitFor } from './helpers';

let emu: Emulator;
const SUBJECT = `demo@${PASSWORD_MD5}`;

beforeAll(async () => {
	emu = await startTestEmulator();
});
afterAll(async () => {
	await emu.stop();
});
beforeEach(() => emu.reset());

function transport() {
	return nodemailer.createTransport({ host: '127.0.0.1', port: emu.smtpPort, secure: false, ignoreTLS: true });
}

async function mail(options: SendMailOptions): Promise<void> {
	const t = transport();
	try {
		await t.sendMail({ from: 'shop@example.com', to: 'sms@smsapi.com', ...options });
	} finally {
		t.close();
	}
}

describe('mail2sms gateway', () => {
	test('plain 7bit body with & separators sends through the normal send logic', async () => {
		const raw = [
			'From: shop@example.com',
			'To: sms@smsapi.com',
			`Subject: ${SUBJECT}`,
			'Content-Type: text/plain; charset=us-ascii',
			'',
			'from=MyShop&to=48500000001&message=Hello from mail & more',
			'',
		].join('\r\n');
		await mail({ envelope: { from: 'shop@example.com', to: ['sms@smsapi.com'] }, raw });
		expect(emu.state.messages).toHaveLength(1);
		expect(emu.state.messages[0]).toMatchObject({
			number: '48500000001',
			sender: 'MyShop',
			text: 'Hello from mail & more',
			address: 'smtp',
		});
		expect(emu.state.account.points).toBeCloseTo(100 - 0.165, 6);
		const mails = await control(emu, 'mails');
		expect(mails.received[0]).toMatchObject({ subject: SUBJECT, transferEncoding: '7bit', authenticated: true });
		expect(mails.received[0].result).toMatch(/^OK:\d{19}:0\.165$/);
		expect(mails.outbox).toHaveLength(0);
	});

	test('quoted-printable body with parameters on their own lines and Polish letters', async () => {
		const text = `from=Test\nto=48500000002,48500000003\nidx=m1|m2\nmessage=Zażółć gęślą jaźń ${'długi tekst '.repeat(8)}`;
		await mail({ subject: SUBJECT, text, textEncoding: 'quoted-printable' });
		expect(emu.state.mails.received[0].transferEncoding).toBe('quoted-printable');
		expect(emu.state.messages.map((m) => [m.number, m.idx])).toEqual([
			['48500000002', 'm1'],
			['48500000003', 'm2'],
		]);
		expect(emu.state.messages[0].text).toBe(`Zażółć gęślą jaźń ${'długi tekst '.repeat(8)}`.trimEnd());
		expect(emu.state.messages[0].encoding).toBe('ucs2');
	});

	test('everything after message= is the text, as the vendor reads it: parameters after it are text too', async () => {
		await mail({ subject: SUBJECT, text: 'to=48500000001&message=Reply&to=48111222333 now\nfast=1&raport=1' });
		expect(emu.state.messages.map((m) => [m.number, m.text, m.fast])).toEqual([
			['48500000001', 'Reply&to=48111222333 now\nfast=1&raport=1', false],
		]);
		expect(emu.state.mails.outbox).toHaveLength(0);
	});

	test('base64 body', async () => {
		await mail({ subject: SUBJECT, text: 'to=48500000004&fast=1&message=Base64 żółw', textEncoding: 'base64' });
		expect(emu.state.mails.received[0].transferEncoding).toBe('base64');
		expect(emu.state.messages[0]).toMatchObject({ number: '48500000004', text: 'Base64 żółw', fast: true });
	});

	test('multipart/alternative takes the text part', async () => {
		await mail({
			subject: SUBJECT,
			text: 'to=48500000005&message=From the text part',
			html: '<p>to=48500000006&amp;message=From html</p>',
		});
		expect(emu.state.messages.map((m) => [m.number, m.text])).toEqual([['48500000005', 'From the text part']]);
	});

	test('raport=1: reply recorded in the outbox, errors included; wrong subject is 102', async () => {
		await mail({ subject: SUBJECT, text: 'from=Test&to=48500000001&raport=1&message=hi' });
		await mail({ subject: SUBJECT, text: 'from=NewBrand&to=48500000001&raport=1&message=hi' });
		await mail({ subject: `demo@${'0'.repeat(32)}`, text: 'to=48500000001&raport=1&message=hi' });
		await mail({ subject: 'demo@demo-password', text: 'to=48500000001&message=hi' });
		const { outbox, received } = await control(emu, 'mails');
		expect(outbox.map((m: { to: string; text: string }) => [m.to, m.text.split('\r\n')[0]])).toEqual([
			['shop@example.com', expect.stringMatching(/^OK:\d{19}:0\.165$/)],
			['shop@example.com', 'ERROR:14'],
			['shop@example.com', 'ERROR:102'],
		]);
		expect(received.map((m: { result: string }) => m.result.slice(0, 9))).toEqual([
			expect.stringMatching(/^OK:/),
			'ERROR:14',
			'ERROR:102',
			'ERROR:102',
		]);
		expect(emu.state.messages).toHaveLength(1);
	});

	test('raport is relayed to the configured SMTP port', async () => {
		const delivered: string[] = [];
		const relay = new SMTPServer({
			authOptional: true,
			disabledCommands: ['AUTH', 'STARTTLS'],
			logger: false,
			onData(stream, _session, callback) {
				const chunks: Buffer[] = [];
				stream.on('data', (c: Buffer) => chunks.push(c));
				stream.on('end', () => {
					delivered.push(Buffer.concat(chunks).toString('utf8'));
					callback();
				});
			},
		});
		await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', () => resolve()));
		try {
			await control(emu, 'account', { relaySmtpPort: (relay.server.address() as AddressInfo).port });
			await mail({ subject: SUBJECT, text: 'to=48500000001&raport=1&message=hi' });
			await waitFor(() => (delivered.length > 0 ? true : undefined));
			expect(delivered[0]).toMatch(/To: shop@example\.com/);
			expect(delivered[0]).toMatch(/OK:\d{19}:0\.165/);
			expect(emu.state.mails.outbox[0].relayed).toBe(true);
		} finally {
			await new Promise<void>((resolve) => relay.close(() => resolve()));
		}
	});
});

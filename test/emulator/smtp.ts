import type { AddressInfo } from 'node:net';

import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';

import { decodeHeader, extractText, parseEntity, parseGatewayBody } from './mime';
import type { Runtime } from './runtime';
import { performSend, sendResultText } from './send';
import type { RaportMail, ReceivedMail } from './state';
import { legacyErrorMessage, truthy } from './util';

const MAX_MAIL_BYTES = 512 * 1024;
const LOG_LIMIT = 1000;
export const RAPORT_FROM = 'raport@smsapi-emulator.local';

export interface SmtpGateway {
	port: number;
	close(): Promise<void>;
}

function keepLast<T>(list: T[], limit: number): void {
	if (list.length > limit) list.splice(0, list.length - limit);
}

let mailSeq = 0;

/**
 * mail2sms: the subject `username@md5(password)` authenticates, the body carries send parameters.
 * With `raport=1` a reply e-mail with the result goes to the outbox (and to the relay port if set).
 */
export async function processMail(
	rt: Runtime,
	raw: Buffer,
	envelope: { from: string; to: string[] },
): Promise<ReceivedMail> {
	const entity = parseEntity(raw);
	const subject = decodeHeader(entity.headers.get('subject') ?? '').trim();
	const decoded = extractText(entity);
	const params = parseGatewayBody(decoded?.text ?? '');
	const raport = truthy(params.raport);
	delete params.raport;

	const at = subject.lastIndexOf('@');
	const auth = rt.authenticate(undefined, {
		username: at > 0 ? subject.slice(0, at) : subject,
		password: at > 0 ? subject.slice(at + 1) : '',
	});
	let result: string;
	let username: string | null = null;
	if (!auth.ok) {
		result = `ERROR:${auth.code}`;
	} else {
		username = auth.user.username;
		const outcome = performSend(rt, params, auth.user, 'smtp');
		if (outcome.kind === 'error') result = `ERROR:${outcome.code}`;
		else if (outcome.kind === 'deleted') result = 'OK';
		else result = sendResultText(outcome);
	}
	mailSeq += 1;
	const record: ReceivedMail = {
		seq: mailSeq,
		time: new Date().toISOString(),
		envelopeFrom: envelope.from,
		envelopeTo: envelope.to,
		subject,
		transferEncoding: decoded?.transferEncoding ?? 'none',
		body: decoded?.text ?? '',
		params,
		authenticated: auth.ok,
		username,
		result,
	};
	rt.state.mails.received.push(record);
	keepLast(rt.state.mails.received, LOG_LIMIT);
	if (raport && envelope.from) await sendRaport(rt, envelope.from, result);
	return record;
}

function raportText(result: string): string {
	const error = /^ERROR:(\d+)/.exec(result);
	if (error) return `${result}\r\n${legacyErrorMessage(Number(error[1]))}\r\n`;
	return `${result}\r\nThe message has been accepted.\r\n`;
}

async function sendRaport(rt: Runtime, to: string, result: string): Promise<void> {
	mailSeq += 1;
	const raport: RaportMail = {
		seq: mailSeq,
		time: new Date().toISOString(),
		to,
		subject: result.startsWith('ERROR') ? `SMSAPI raport: ${result}` : 'SMSAPI raport: OK',
		text: raportText(result),
		relayed: false,
		relayError: null,
	};
	rt.state.mails.outbox.push(raport);
	keepLast(rt.state.mails.outbox, LOG_LIMIT);
	const port = rt.state.account.relaySmtpPort;
	if (!port) return;
	try {
		const transport = nodemailer.createTransport({
			host: '127.0.0.1',
			port,
			secure: false,
			ignoreTLS: true,
			connectionTimeout: 3000,
			greetingTimeout: 3000,
			socketTimeout: 5000,
		});
		await transport.sendMail({ from: RAPORT_FROM, to, subject: raport.subject, text: raport.text });
		transport.close();
		raport.relayed = true;
	} catch (error) {
		raport.relayError = (error as Error).message;
	}
}

export function startSmtpGateway(rt: Runtime, host: string, port: number): Promise<SmtpGateway> {
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['AUTH', 'STARTTLS'],
		logger: false,
		banner: 'SMSAPI emulator mail2sms gateway',
		size: MAX_MAIL_BYTES,
		closeTimeout: 500,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => {
				if (stream.sizeExceeded) {
					callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
					return;
				}
				const envelope = {
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
				};
				processMail(rt, Buffer.concat(chunks), envelope).then(
					() => callback(),
					(error: Error) => callback(error),
				);
			});
		},
	});
	server.on('error', (error) => rt.log(`smtp error: ${error.message}`));
	return new Promise((resolve, reject) => {
		server.server.once('error', reject);
		server.listen(port, host, () => {
			server.server.off('error', reject);
			resolve({
				port: (server.server.address() as AddressInfo).port,
				close: () => new Promise<void>((done) => server.close(() => done())),
			});
		});
	});
}

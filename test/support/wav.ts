/**
 * Small valid WAV files for the voice upload tests: 16-bit mono PCM, a sine tone. The samples are
 * not valid UTF-8 text, as real audio is not.
 */
export function wavFile(options: { samples?: number; rate?: number; hz?: number } = {}): Buffer {
	const samples = options.samples ?? 800;
	const rate = options.rate ?? 8000;
	const hz = options.hz ?? 440;
	const data = Buffer.alloc(samples * 2);
	for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
	const header = Buffer.alloc(44);
	header.write('RIFF', 0, 'latin1');
	header.writeUInt32LE(36 + data.length, 4);
	header.write('WAVE', 8, 'latin1');
	header.write('fmt ', 12, 'latin1');
	header.writeUInt32LE(16, 16); // format chunk size
	header.writeUInt16LE(1, 20); // PCM
	header.writeUInt16LE(1, 22); // mono
	header.writeUInt32LE(rate, 24);
	header.writeUInt32LE(rate * 2, 28); // bytes per second
	header.writeUInt16LE(2, 32); // block align
	header.writeUInt16LE(16, 34); // bits per sample
	header.write('data', 36, 'latin1');
	header.writeUInt32LE(data.length, 40);
	return Buffer.concat([header, data]);
}

/** A multipart/form-data body built by hand, as RFC 7578 and the form-data package lay it out. */
export function multipartBody(
	boundary: string,
	fields: Array<[string, string]>,
	file?: { name?: string; filename?: string; contentType?: string; data: Buffer },
): Buffer {
	const chunks: Buffer[] = fields.map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
	if (file) {
		const type = file.contentType === undefined ? '' : `Content-Type: ${file.contentType}\r\n`;
		chunks.push(
			Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename ?? 'vms.wav'}"\r\n${type}\r\n`, 'utf8'),
			file.data,
			Buffer.from('\r\n', 'utf8'),
		);
	}
	chunks.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
	return Buffer.concat(chunks);
}

/** Shapes of answers (scripts/live-check/shapes.ts): what the live check compares, and what it lets pass. */
import { KNOWN_VARIANCE } from '../../scripts/live-check/known-variance';
import { mergeShapes, shapeDifferences, shapeOf } from '../../scripts/live-check/shapes';

const send = (message: Record<string, unknown>) => shapeOf({ count: 1, list: [message] });
const message = { id: '7074294081650020450', points: 0.165, number: '48500000000', status: 'QUEUE', error: null, idx: null };

test('values do not matter, types and fields do', () => {
	expect(shapeDifferences(send(message), send({ ...message, id: '1', points: 3, number: '44' }))).toEqual([]);
	expect(shapeDifferences(send(message), send({ ...message, parts: 1 }))).toEqual(['list[].parts: a field the emulator does not answer (number)']);
	expect(shapeDifferences(send(message), send({ ...message, id: 1 }))).toEqual(['list[].id: the service answered number, the emulator answers string']);
	const { status: _status, ...withoutStatus } = message;
	expect(shapeDifferences(send(message), send(withoutStatus))).toEqual(['list[].status: the emulator always answers it, the service did not']);
});

test('a field some elements lack is optional; a list without elements fits any', () => {
	const contacts = shapeOf({ size: 2, collection: [{ id: 'a', email: 'x@example.com' }, { id: 'b' }] });
	expect(contacts.fields?.collection.items?.fields?.email.optional).toBe(true);
	expect(shapeDifferences(contacts, shapeOf({ size: 1, collection: [{ id: 'c' }] }))).toEqual([]);
	expect(shapeDifferences(contacts, shapeOf({ size: 0, collection: [] }))).toEqual([]);
	expect(mergeShapes(shapeOf(null), shapeOf('x')).types).toEqual(['null', 'string']);
});

test('the known variances of the service pass: points as a numeric string, contacts with custom fields', () => {
	const asString = send({ ...message, points: '0.3000' });
	expect(shapeDifferences(send(message), asString)).toHaveLength(1);
	expect(shapeDifferences(send(message), asString, KNOWN_VARIANCE['POST /sms.do'])).toEqual([]);
	const list = shapeOf({ size: 1, collection: [{ id: 'a' }] });
	expect(shapeDifferences(list, shapeOf({ size: 1, collection: [{ id: 'a', shoe_size: '44' }] }), KNOWN_VARIANCE['GET /contacts'])).toEqual([]);
});

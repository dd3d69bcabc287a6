// Your first call: list two pets and read the rate-limit headers.
const baseUrl = process.env.PETSTORE_URL ?? 'http://localhost:4010';
const apiKey = process.env.PETSTORE_API_KEY ?? 'demo-free-key';

const response = await fetch(`${baseUrl}/pets?limit=2`, { headers: { 'X-API-Key': apiKey } });
if (!response.ok) {
  const error = await response.json();
  throw new Error(`${response.status} ${error.code}: ${error.message}`);
}
const pets = await response.json();
console.log(pets.map((pet) => `${pet.id} ${pet.name} (${pet.status})`).join('\n'));
console.log(
  `${response.headers.get('X-RateLimit-Remaining')} of ${response.headers.get('X-RateLimit-Limit')} requests left,`,
  `until ${new Date(Number(response.headers.get('X-RateLimit-Reset')) * 1000).toISOString()}`,
);

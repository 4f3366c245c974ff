export const meta = () => [{ title: 'Blank' }, { name: 'description', content: 'A blank page.' }];

export default function Home() {
  return <h1>Blank</h1>;
}

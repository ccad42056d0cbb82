'use client';
// The library's BoardList over the board API: what each user may open is the server's decision.
import { useRouter } from 'next/navigation';
import { BoardList, createBoardApiClient } from 'react-embedded-analytics/boards';

const boards = createBoardApiClient({ url: '/api/boards' });

export function Boards({ userId, first }: { userId: string; first: 'mine' | 'shared' }) {
  const router = useRouter();
  const href = (board: { id: string }) => `/board?id=${encodeURIComponent(board.id)}`;
  return (
    <BoardList
      store={boards}
      user={{ id: userId }}
      defaultFilter={first}
      href={href}
      onOpen={(board) => router.push(href(board))}
    />
  );
}
